"""Several server processes on one PostgreSQL database and one Redis (``--redis-url``).

See ``docs/ARCHITECTURE.md`` ("Several processes") for the design and why.
"""
