from .base import BaseModel, LMTemplateParser  # noqa
from .base_api import APITemplateParser, BaseAPIModel  # noqa
from .claude_api import Claude  # noqa: F401
from .glm import GLM130B  # noqa: F401, F403
from .huggingface import HuggingFace  # noqa: F401, F403
from .huggingface import HuggingFaceCausalLM  # noqa: F401, F403
from .intern_model import InternLM  # noqa: F401, F403
from .llama2 import Llama2, Llama2Chat  # noqa: F401, F403
from .openai_api import OpenAI  # noqa: F401
