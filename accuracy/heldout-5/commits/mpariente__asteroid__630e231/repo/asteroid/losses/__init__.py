from .pit_wrapper import PITLossWrapper
from .sdr import singlesrc_neg_sisdr, multisrc_neg_sisdr
from .sdr import singlesrc_neg_sdsdr, multisrc_neg_sdsdr
from .sdr import singlesrc_neg_snr, multisrc_neg_snr
from .mse import singlesrc_mse, multisrc_mse
from .cluster import deep_clustering_loss
from .pmsqe import SingleSrcPMSQE
from .stoi import NegSTOILoss as SingleSrcNegSTOI

# Legacy
from .sdr import pairwise_neg_sisdr, nosrc_neg_sisdr, nonpit_neg_sisdr
from .sdr import pairwise_neg_sdsdr, nosrc_neg_sdsdr, nonpit_neg_sdsdr
from .sdr import pairwise_neg_snr, nosrc_neg_snr, nonpit_neg_snr
from .sdr import PairwiseNegSDR
from .mse import pairwise_mse, nosrc_mse, nonpit_mse
