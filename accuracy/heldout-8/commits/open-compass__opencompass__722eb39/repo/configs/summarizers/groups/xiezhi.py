xiezhi_summary_groups = []

_xiezhi = ["xiezhi-spec_eng", "xiezhi-spec_chn", "xiezhi-inter_eng", "xiezhi-inter_chn"]
xiezhi_summary_groups.append({'name': 'xiezhi', 'subsets': _xiezhi})
