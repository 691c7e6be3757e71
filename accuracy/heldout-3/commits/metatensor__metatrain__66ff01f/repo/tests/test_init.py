import metatrain


def test_version_exists():
    metatrain.__version__
