_MAJOR = "0"
_MINOR = "9"
_REVISION = "1-unreleased"

VERSION_SHORT = "{0}.{1}".format(_MAJOR, _MINOR)
VERSION = "{0}.{1}.{2}".format(_MAJOR, _MINOR, _REVISION)
