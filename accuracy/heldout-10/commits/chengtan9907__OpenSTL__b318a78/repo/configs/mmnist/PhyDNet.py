method = 'PhyDNet'
# model
in_channel = 1
# training
sched = 'onecycle'