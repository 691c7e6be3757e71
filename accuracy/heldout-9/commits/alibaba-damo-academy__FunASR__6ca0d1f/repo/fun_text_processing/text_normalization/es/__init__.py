


LOCALIZATION = "eu"  # Set to am for alternate formatting
