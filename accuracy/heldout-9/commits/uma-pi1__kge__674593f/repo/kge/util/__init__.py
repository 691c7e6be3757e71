from kge.util.loss import KgeLoss
from kge.util.optimizer import KgeOptimizer
