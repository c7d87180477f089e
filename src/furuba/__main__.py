"""``python -m furuba``: the ``furuba`` command."""

from furuba.cli.main import main

if __name__ == "__main__":
    main()
