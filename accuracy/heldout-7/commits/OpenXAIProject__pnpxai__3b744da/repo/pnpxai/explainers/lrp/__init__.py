# from pnpxai.explainers.lrp.lrp_zennit import LRP
from pnpxai.explainers.lrp.lrp import LRP