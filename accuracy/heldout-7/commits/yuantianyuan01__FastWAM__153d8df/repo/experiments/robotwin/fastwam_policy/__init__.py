from .deploy_policy import *

