"""``python -m yass``: the same as the ``yass`` command."""

import sys

try:
    from yass.cli.commands import main

    code = main()
except KeyboardInterrupt:  # Ctrl-C before the command's own handling was in place
    sys.stderr.write("yass: interrupted: stopped by Ctrl-C\n")
    code = 130
raise SystemExit(code)
