"""GCloud APIs"""

from .artifact_registry import check_image_exists
