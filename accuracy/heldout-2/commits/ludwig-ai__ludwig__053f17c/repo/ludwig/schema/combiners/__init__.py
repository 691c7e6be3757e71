import ludwig.schema.combiners.comparator  # noqa: F401
import ludwig.schema.combiners.concat  # noqa: F401
import ludwig.schema.combiners.project_aggregate  # noqa: F401
import ludwig.schema.combiners.sequence  # noqa: F401
import ludwig.schema.combiners.sequence_concat  # noqa: F401
import ludwig.schema.combiners.tab_transformer  # noqa: F401
import ludwig.schema.combiners.tabnet  # noqa: F401
import ludwig.schema.combiners.transformer  # noqa: F401
