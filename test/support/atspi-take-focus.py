"""Focus a node of WebKitGTK's page as a screen reader does: AT-SPI's Component.grabFocus, what
Orca calls in browse mode when its cursor lands on something focusable.

Usage: atspi-take-focus.py ROLE NAME (WebKit's computed ARIA role). Prints true when it found one,
false when not. Debian's python3 with python3-gi and gir1.2-atspi-2.0; DISPLAY and
DBUS_SESSION_BUS_ADDRESS name the desktop (test/support/x-desktop.mjs).
"""

import json
import sys

import gi

gi.require_version("Atspi", "2.0")
from gi.repository import Atspi  # noqa: E402


def find(node, role, name, depth=0):
    if node is None or depth > 60:
        return None
    attributes = node.get_attributes() or {}
    if attributes.get("computed-role") == role and node.get_name() == name:
        return node
    for index in range(node.get_child_count()):
        found = find(node.get_child_at_index(index), role, name, depth + 1)
        if found is not None:
            return found
    return None


def main():
    role, name = sys.argv[1], sys.argv[2]
    desktop = Atspi.get_desktop(0)
    for index in range(desktop.get_child_count()):
        app = desktop.get_child_at_index(index)
        if app is not None and app.get_name() == "MiniBrowser":
            node = find(app, role, name)
            if node is not None:
                Atspi.Component.grab_focus(node)
                json.dump(True, sys.stdout)
                return
    json.dump(False, sys.stdout)


main()
