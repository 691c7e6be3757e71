from .pit_wrapper import PITLossWrapper
from .sdr import pairwise_neg_sisdr, nosrc_neg_sisdr, nonpit_neg_sisdr
from .sdr import pairwise_neg_sdsdr, nosrc_neg_sdsdr, nonpit_neg_sdsdr
from .sdr import pairwise_neg_snr, nosrc_neg_snr, nonpit_neg_snr
from .sdr import PairwiseNegSDR
from .mse import pairwise_mse, nosrc_mse, nonpit_mse
from .cluster import deep_clustering_loss
