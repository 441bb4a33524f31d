-- The residence's street address, printed on its receipts and letters (empty until recorded).
ALTER TABLE residences ADD COLUMN adresse TEXT NOT NULL DEFAULT '';
