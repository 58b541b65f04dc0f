"""PostgreSQL backend (psycopg 3, tsvector, pgvector): ``Memory.open("postgresql://…")``."""
