__author__ = "Liyuan Liu and Frank Xu"
__credits__ = ["Liyuan Liu", "Frank Xu", "Jingbo Shang"]

__license__ = "Apache License 2.0"
__maintainer__ = "Liyuan Liu"
__email__ = "llychinalz@gmail.com"