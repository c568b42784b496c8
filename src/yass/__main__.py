"""``python -m yass``: the same as the ``yass`` command."""

from yass.cli.commands import main

raise SystemExit(main())
