from mmengine.config import read_base

with read_base():
    from .leval_gov_report_summ_gen_b03798 import LEval_govreport_summ_datasets  # noqa: F401, F403
