from .b747 import LinearLongitudinalB747 as LinearLongitudinalB747
from .comsat import ComSatEnv as ComSatEnv
from .elv import LinearLongitudinalELVRocket as LinearLongitudinalELVRocket
from .f4c import LinearLongitudinalF4C as LinearLongitudinalF4C
from .f16.linear_longitudial import LinearLongitudinalF16 as LinearLongitudinalF16
from .geostat import GeoSatEnv as GeoSatEnv
from .lapan import LinearLongitudinalLAPAN as LinearLongitudinalLAPAN
from .rocket import LinearLongitudinalMissileModel as LinearLongitudinalMissileModel
from .uav import LinearLongitudinalUAV as LinearLongitudinalUAV
from .ultrastick import LinearLongitudinalUltrastick as LinearLongitudinalUltrastick
from .x15 import LinearLongitudinalX15 as LinearLongitudinalX15

# from .unity_env import get_plane_env, unity_discrete_env
