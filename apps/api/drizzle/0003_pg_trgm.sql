-- Trigram indexes make fragment search (name, email, cell number) fast at millions of customers.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
