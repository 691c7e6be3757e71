"""
Модуль для моделирования самолета F-16 Fighting Falcon.

Этот модуль содержит реализации различных моделей самолета F-16 для обучения
агентов управления, включая продольную модель для управления углом тангажа
и другими параметрами полета.
"""

from tensoraerospace.envs.f16.linear_longitudial import (
    LinearLongitudinalF16 as LinearLongitudinalF16,
)
