"""The ``furuba`` command."""
