import PostgreSQL
