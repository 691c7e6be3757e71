# pyre-strict
