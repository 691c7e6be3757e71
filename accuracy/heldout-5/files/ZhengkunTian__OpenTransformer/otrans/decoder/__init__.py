# File   : __init__.py
# Author : Zhengkun Tian
# Email  : zhengkun.tian@outlook.com

from otrans.decoder.transformer import TransformerDecoder


BuildDecoder = {
    'transformer': TransformerDecoder
}
