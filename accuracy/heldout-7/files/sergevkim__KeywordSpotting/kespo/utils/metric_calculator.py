from peach.utils.token_converter import TokenConverter


class MetricCalculator:
    @staticmethod
    def calculate_cer(
            answer,
            target,
        ):
        pass

    @staticmethod
    def calculate_wer(
            answer,
            target,
        ):
        pass

