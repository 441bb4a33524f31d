-- Read model of the budgets (spec 2 §3 "Budget"): one per fiscal year, its elements. Amounts
-- are integer millimes. What was spent per category is read when asked from the expenses'
-- model (depenses_view), never kept here.
CREATE TABLE IF NOT EXISTS budgets_view (
    residence_id     BIGINT NOT NULL,
    -- the budget's id and its fiscal year
    annee            BIGINT NOT NULL,
    titre            TEXT   NOT NULL,
    -- 1 approved, 0 refused, NULL undecided
    is_approved      BIGINT,
    -- assemblee | vote | NULL
    approbateur_type TEXT,
    approbateur_id   BIGINT,
    commentaire      TEXT,
    PRIMARY KEY (residence_id, annee)
);

CREATE TABLE IF NOT EXISTS budget_elements_view (
    residence_id BIGINT NOT NULL,
    element_id   BIGINT NOT NULL,
    annee        BIGINT NOT NULL,
    -- its place in the budget, from 0
    rang         BIGINT NOT NULL,
    categorie_id BIGINT NOT NULL,
    montant      BIGINT NOT NULL,
    PRIMARY KEY (residence_id, element_id)
);
CREATE INDEX IF NOT EXISTS budget_elements_view_annee ON budget_elements_view (residence_id, annee);

-- The domain's state of the residence's budgets (daftar_domain::budgets::Budgets, JSON): the
-- model applies events with the domain's own function, so a budget created when its year
-- opens is the same here as in the ledger.
CREATE TABLE IF NOT EXISTS budgets_etat_view (
    residence_id BIGINT NOT NULL,
    etat         TEXT   NOT NULL,
    PRIMARY KEY (residence_id)
);
