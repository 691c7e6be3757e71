import os

os.environ["POCKET_TTS_ERROR_WITHOUT_EOS"] = "1"
