from tabclean.contacts import normalize_email, normalize_name, normalize_phone


def test_normalize_email_lowercases_the_domain():
    assert normalize_email("anna.schmidt@Example.DE") == "anna.schmidt@example.de"


def test_missing_contact_fields_normalise_to_empty():
    assert normalize_email("n/a") == ""
    assert normalize_phone("") == ""
    assert normalize_name(None) == ""


def test_normalize_phone_accepts_plus_and_double_zero_prefixes():
    assert normalize_phone("+49 40 765 4321") == "49407654321"
    assert normalize_phone("0049-40-7654321") == "49407654321"


def test_normalize_name_folds_case_accents_and_spaces():
    assert normalize_name("  Chloé   BERNARD ") == "chloe bernard"
