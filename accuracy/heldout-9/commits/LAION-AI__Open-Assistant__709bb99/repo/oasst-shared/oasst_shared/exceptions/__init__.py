# Ignore unused imports; these are re-exported
from .oasst_api_error import OasstError as OasstError  # noqa: F401
from .oasst_api_error import OasstErrorCode as OasstErrorCode  # noqa: F401
