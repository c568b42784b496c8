"""The model: sizes and names, layouts, boards, steps, bounds, exit codes."""
