from .restful.async_restful_client import (  # noqa: F401
    AsyncRESTfulAudioModelHandle as AsyncAudioModelHandle,
)
from .restful.async_restful_client import (  # noqa: F401
    AsyncRESTfulChatModelHandle as AsyncChatModelHandle,
)
from .restful.async_restful_client import (  # noqa: F401
    AsyncRESTfulEmbeddingModelHandle as AsyncEmbeddingModelHandle,
)
from .restful.async_restful_client import (  # noqa: F401
    AsyncRESTfulGenerateModelHandle as AsyncGenerateModelHandle,
)
from .restful.async_restful_client import (  # noqa: F401
    AsyncRESTfulImageModelHandle as AsyncImageModelHandle,
)
from .restful.async_restful_client import (  # noqa: F401
    AsyncRESTfulVideoModelHandle as AsyncVideoModelHandle,
)
from .restful.restful_client import (  # noqa: F401
    RESTfulAudioModelHandle as AudioModelHandle,
)
from .restful.restful_client import (  # noqa: F401
    RESTfulChatModelHandle as ChatModelHandle,
)
from .restful.restful_client import (  # noqa: F401
    RESTfulEmbeddingModelHandle as EmbeddingModelHandle,
)
from .restful.restful_client import (  # noqa: F401
    RESTfulGenerateModelHandle as GenerateModelHandle,
)
from .restful.restful_client import (  # noqa: F401
    RESTfulImageModelHandle as ImageModelHandle,
)
from .restful.restful_client import (  # noqa: F401
    RESTfulVideoModelHandle as VideoModelHandle,
)
