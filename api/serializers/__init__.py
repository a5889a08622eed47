"""What the API shows of each thing: named fields only, never a whole model, so nothing private
(table links, accounts, e-mails, audit, drafts) can slip into an answer when a model grows a
column. tests/api/test_private.py holds the allow-list every field is checked against."""
