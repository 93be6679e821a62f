# Orca imports this file from its settings folder (`orca -u FOLDER`) at start. It writes every
# utterance Orca hands to its speech layer, as text, one line each, to the file named by
# $RPC_UI_SPEECH_LOG: "<ms since the epoch> <kind> <text>", kind SPEAK, SAYALL, KEY or CHAR.
# Orca goes on as before: each original function is still called. The tests read this file to
# know what a screen reader user heard (test/support/screen-reader/orca.ts).
import os
import time

from orca import speech

_path = os.environ.get("RPC_UI_SPEECH_LOG")
if _path:
    _log_file = open(_path, "a", buffering=1, encoding="utf-8")

    def _log(kind, text=""):
        _log_file.write("%d %s %s\n" % (time.time() * 1000, kind, " ".join(str(text).split())))

    def _wrap(name, kind, text_of):
        original = getattr(speech, name)

        def wrapper(*args, **kwargs):
            _log(kind, text_of(*args))
            return original(*args, **kwargs)

        setattr(speech, name, wrapper)

    _wrap("_speak", "SPEAK", lambda text, *rest: text)
    _wrap("speakKeyEvent", "KEY", lambda event, *rest: event.getKeyName())
    _wrap("speakCharacter", "CHAR", lambda character, *rest: character)

    _say_all = speech.sayAll

    def _logged_say_all(utterances, progress):
        def logged(iterator):
            for context, acss in iterator:
                _log("SAYALL", context.utterance)
                yield context, acss

        return _say_all(logged(utterances), progress)

    speech.sayAll = _logged_say_all
