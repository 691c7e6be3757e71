"""Some constants."""

from zetta_utils import constants

PROJECT = constants.DEFAULT_PROJECT
DATABASE = "annotations"
