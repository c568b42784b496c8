"""``python -m yass``: the same as the ``yass`` command."""

import sys

try:
    from yass.cli.commands import main
except KeyboardInterrupt:  # Ctrl-C while the command was still loading
    sys.stderr.write("yass: interrupted: stopped by Ctrl-C\n")
    raise SystemExit(130) from None

raise SystemExit(main())
