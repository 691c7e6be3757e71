# from models.general_cf.lightgcn import LightGCN
# from models.general_cf.sgl import SGL
# from models.general_cf.lightgcl import LightGCL
# from models.general_cf.hccf import HCCF
# from models.general_cf.directau import DirectAU
# from models.general_cf.simgcl import SimGCL
# from models.general_cf.ncl import NCL
# from models.social.smin import SMIN
# from models.social.kcgn import KCGN
# from models.social.mhcn import MHCN
# from models.social.dcrec import DcRec
# from models.sequential.bert4rec import BERT4Rec
# from models.sequential.cl4srec import CL4SRec
# from models.multi_behavior.hmgcr import HMGCR
# from models.multi_behavior.smbrec import SMBRec
# from models.multi_behavior.cml import CML, MetaWeightNet
# from models.multi_behavior.mmclr import MMCLR
# from models.sequential.duorec import DuoRec
# from models.sequential.iclrec import ICLRec
# from models.sequential.dcrec import DCRec as DCRec_seq