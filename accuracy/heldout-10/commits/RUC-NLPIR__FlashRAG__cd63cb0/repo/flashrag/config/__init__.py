from flashrag.config.config import Config

