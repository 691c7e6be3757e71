"""Knowledge distillation: a frozen teacher in eval mode guides a student.

The teacher's forward runs inside the training loop without no_grad, its logits detached before
they enter the loss.
"""
import os

import torch
import torch.nn as nn
import torch.nn.functional as F

import probe

DEVICE = torch.device(os.environ.get("FIX_SAFETY_DEVICE", "cuda" if torch.cuda.is_available() else "cpu"))
TEMPERATURE = 2.0


def main():
    torch.manual_seed(0)
    teacher = nn.Sequential(nn.Linear(8, 32), nn.ReLU(), nn.Linear(32, 4)).to(DEVICE)
    student = nn.Sequential(nn.Linear(8, 8), nn.ReLU(), nn.Linear(8, 4)).to(DEVICE)
    teacher.eval()
    optimizer = torch.optim.Adam(student.parameters(), lr=1e-2)
    curve = []
    for _ in range(8):
        x = torch.randn(6, 8).to(DEVICE)
        y = torch.randint(0, 4, (6,)).to(DEVICE)
        teacher_logits = teacher(x).detach()
        student_logits = student(x)
        soft = F.kl_div(F.log_softmax(student_logits / TEMPERATURE, dim=1), F.softmax(teacher_logits / TEMPERATURE, dim=1), reduction="batchmean")
        loss = 0.7 * soft * TEMPERATURE**2 + 0.3 * F.cross_entropy(student_logits, y)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        curve.append(loss.item())
        probe.measure()
    probe.record("loss_curve", curve)
    probe.record("student", student)


if __name__ == "__main__":
    main()
