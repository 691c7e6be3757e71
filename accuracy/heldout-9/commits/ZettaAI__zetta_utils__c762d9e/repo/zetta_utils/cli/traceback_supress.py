import click

from zetta_utils import log

log.add_supress_traceback_module(click)
