"""The version of yass, read by the build (pyproject.toml) and by ``yass.__version__``."""

__version__ = "0.1.0"
