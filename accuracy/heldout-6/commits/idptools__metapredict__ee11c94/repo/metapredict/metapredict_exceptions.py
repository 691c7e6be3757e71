

class DomainError(Exception):
    pass


class MetapredictError(Exception):
    pass

