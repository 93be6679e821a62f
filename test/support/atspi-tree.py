"""WebKitGTK's accessibility tree, as a screen reader (Orca) reads it over AT-SPI.

Prints the tree of the web page MiniBrowser shows as JSON, in the shape of test/support/a11y.ts's
A11yNode: role (WebKit's computed ARIA role), name, description, value, focused, selected,
atomic, children; the text between a node's children as StaticText children, as Chromium shows
it. Debian's python3 with python3-gi and gir1.2-atspi-2.0; DISPLAY and DBUS_SESSION_BUS_ADDRESS
name the desktop (test/support/x-desktop.mjs).
"""

import json
import sys

import gi

gi.require_version("Atspi", "2.0")
from gi.repository import Atspi  # noqa: E402

# U+FFFC stands for each child object inside its parent's text.
EMBEDDED = "\ufffc"


def web_document(node, depth=0):
    """The first showing web document under node."""
    if node is None or depth > 40:
        return None
    if node.get_role() == Atspi.Role.DOCUMENT_WEB:
        return node
    for index in range(node.get_child_count()):
        found = web_document(node.get_child_at_index(index), depth + 1)
        if found is not None:
            return found
    return None


def text_of(node):
    if "Text" not in node.get_interfaces():
        return ""
    return Atspi.Text.get_text(node, 0, Atspi.Text.get_character_count(node))


def tree(node):
    attributes = node.get_attributes() or {}
    states = node.get_state_set()
    role = attributes.get("computed-role") or node.get_role_name()
    result = {"role": role, "name": node.get_name() or "", "description": node.get_description() or ""}
    if states.contains(Atspi.StateType.FOCUSED):
        result["focused"] = True
    if states.contains(Atspi.StateType.SELECTED):
        result["selected"] = True
    if attributes.get("atomic") == "true":
        result["atomic"] = True
    text = text_of(node)
    if role in ("textbox", "searchbox", "combobox"):
        result["value"] = text
    children = [tree(child) for child in node_children(node)]
    # A node's own text is what lies between its children's marks; where the marks do not stand
    # for its children one for one, its text is its descendants' again, and left out.
    own = role not in ("textbox", "searchbox") and text.count(EMBEDDED) == len(children)
    runs = [run for run in text.split(EMBEDDED) if run.strip()] if own else []
    result["children"] = [{"role": "StaticText", "name": run} for run in runs] + children
    return result


def node_children(node):
    for index in range(node.get_child_count()):
        child = node.get_child_at_index(index)
        if child is not None:
            yield child


def main():
    desktop = Atspi.get_desktop(0)
    for index in range(desktop.get_child_count()):
        app = desktop.get_child_at_index(index)
        if app is not None and app.get_name() == "MiniBrowser":
            document = web_document(app)
            if document is not None:
                json.dump(tree(document), sys.stdout)
                return
    sys.exit("No MiniBrowser page in the accessibility tree: is WebKit on this desktop?")


main()
