# induction matrix training utils
