from .encoder_decoder import EncoderDecoder
from .basemodel import BaseModel
