# %% [markdown]
# # Churn model on tabular features
# Written the way a notebook is: cells at the top level, no functions, globals everywhere.
# Synthetic data stands in for the customer table so the cells run anywhere.

# %%
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.data import DataLoader, TensorDataset

torch.manual_seed(0)
device = torch.device("cuda" if torch.cuda.is_available() else "cpu")

BATCH_SIZE = 2048
NUM_WORKERS = 12
EPOCHS = 5
L1_PENALTY = 1e-5

# %%
rows, columns = 200_000, 48
features = torch.randn(rows, columns)
true_weights = torch.randn(columns) * (torch.rand(columns) > 0.7)
labels = (features @ true_weights + 0.5 * torch.randn(rows) > 0).long()

split = int(0.9 * rows)
train_ds = TensorDataset(features[:split], labels[:split])
test_features, test_labels = features[split:], labels[split:]
test_ds = TensorDataset(test_features, test_labels)

train_loader = DataLoader(train_ds, batch_size=BATCH_SIZE, shuffle=True, num_workers=2)  # expect: OOM004
test_loader = DataLoader(test_ds, batch_size=512, shuffle=False, num_workers=NUM_WORKERS, pin_memory=True)  # expect: OOM005

# %%
model = nn.Sequential(
    nn.Linear(columns, 256),
    nn.ReLU(),
    nn.Dropout(0.2),
    nn.Linear(256, 256),
    nn.ReLU(),
    nn.Linear(256, 2),
).to(device)
optimizer = torch.optim.Adam(model.parameters(), lr=3e-4)

# %% train
losses = []
for epoch in range(EPOCHS):
    model.train()
    for xb, yb in train_loader:
        xb, yb = xb.to(device), yb.to(device)
        loss = F.cross_entropy(model(xb), yb)
        # Sparse first layer: an L1 term added to this step's loss and backpropagated with it.
        for name, param in model.named_parameters():
            if name.endswith("weight"):
                loss += L1_PENALTY * param.abs().sum()
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        losses.append(loss)  # expect: OOM002
    print(f"epoch {epoch}: mean loss {torch.stack(losses[-len(train_loader):]).mean().item():.4f}")

# %% quick look at the test set
model.eval()
test_logits = model(test_features.to(device))  # expect: OOM001
print("test accuracy:", (test_logits.argmax(dim=1).cpu() == test_labels).float().mean().item())

# %% probabilities for the whole test set, batch by batch
test_probs = []
with torch.no_grad():
    for xb, _ in test_loader:
        test_probs.append(model(xb.to(device)).softmax(dim=1).cpu())
test_probs = torch.cat(test_probs)
print("predicted churn rate:", (test_probs[:, 1] > 0.5).float().mean().item())
