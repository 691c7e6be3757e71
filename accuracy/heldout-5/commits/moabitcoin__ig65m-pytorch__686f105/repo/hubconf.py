dependencies = ["torch", "torchvision"]

from ig65m.models import r2plus1d_34_8_ig65m,     \
                         r2plus1d_34_32_ig65m,    \
                         r2plus1d_34_8_kinetics,  \
                         r2plus1d_34_32_kinetics
