"""One module per screen: title, menu, settings, rules, help, table, result."""
