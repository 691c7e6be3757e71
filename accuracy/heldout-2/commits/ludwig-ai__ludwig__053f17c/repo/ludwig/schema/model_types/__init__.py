import ludwig.schema.model_types.ecd  # noqa
import ludwig.schema.model_types.gbm  # noqa
import ludwig.schema.model_types.llm  # noqa
