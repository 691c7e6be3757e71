method = 'SimVP'
spatio_kernel_enc = 3
spatio_kernel_dec = 3
# model_type = None
hid_S = 64
hid_T = 512
N_T = 8
N_S = 4